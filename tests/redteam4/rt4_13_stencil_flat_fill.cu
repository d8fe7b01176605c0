// A radius-2 stencil whose halo tile (20x20 for a 16x16 block) is filled by
// a cooperative flat loop through a pointer to its first element:
// (&tile[0][0])[i] for i = tid; i < 400; i += 256.
// launch: rt4_13_stencil_flat 2 16x16
#define R 2
#define BX 16
#define BY 16
#define W (BX + 2 * R)
#define H (BY + 2 * R)
__global__ void rt4_13_stencil_flat(const int *in, int *out, int p) {
    __shared__ float tile[H][W];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BX + tx;
    float *flat = &tile[0][0];
    for (int i = tid; i < H * W; i += BX * BY)
        flat[i] = (float)(in[(blockIdx.x * 400 + i) & 4095] & 255);
    __syncthreads();
    float acc = tile[ty + R][tx + R] * 4.0f;
#pragma unroll
    for (int k = 1; k <= R; ++k)
        acc -= tile[ty + R - k][tx + R] + tile[ty + R + k][tx + R] + tile[ty + R][tx + R - k] + tile[ty + R][tx + R + k];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_13_stencil_flat<<<2, dim3(BX, BY)>>>(in, out, 0); }
#endif
