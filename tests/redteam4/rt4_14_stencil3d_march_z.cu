// A 7-point 3-D stencil marching along z: a 3-D shared tile of three planes
// with a one-cell halo in x and y, the planes rotated by index (z % 3), the
// halo loaded by the edge threads, an 8x8 block.
// launch: rt4_14_stencil3d 2 8x8
#define NX 8
#define NY 8
__device__ __forceinline__ float src(const int *in, int b, int z, int y, int x) {
    return (float)(in[(b * 1000 + z * 100 + (y + 1) * 10 + (x + 1)) & 4095] & 127);
}
__global__ void rt4_14_stencil3d(const int *in, int *out, int p) {
    __shared__ float s[3][NY + 2][NX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y, b = blockIdx.x;
    float acc = 0.0f;
    for (int z = 0; z < 6; ++z) {
        const int pl = z % 3;
        s[pl][ty + 1][tx + 1] = src(in, b, z, ty, tx);
        if (tx == 0) s[pl][ty + 1][0] = src(in, b, z, ty, -1);
        if (tx == NX - 1) s[pl][ty + 1][NX + 1] = src(in, b, z, ty, NX);
        if (ty == 0) s[pl][0][tx + 1] = src(in, b, z, -1, tx);
        if (ty == NY - 1) s[pl][NY + 1][tx + 1] = src(in, b, z, NY, tx);
        __syncthreads();
        if (z >= 2) {
            const int c = (z - 1) % 3, lo = (z - 2) % 3;
            acc += 6.0f * s[c][ty + 1][tx + 1] - s[c][ty][tx + 1] - s[c][ty + 2][tx + 1] - s[c][ty + 1][tx] -
                   s[c][ty + 1][tx + 2] - s[lo][ty + 1][tx + 1] - s[pl][ty + 1][tx + 1];
        }
        __syncthreads();
    }
    out[b * 64 + ty * NX + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const dim3 block(NX, NY);
    rt4_14_stencil3d<<<2, block>>>(in, out, 0);
}
#endif
