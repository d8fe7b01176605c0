// Narrow element types: a short tile and a char tile, transposed reads,
// plus a read of two shorts as one int through a pointer cast.
// launch: rt19_narrow 2 32x8
__global__ void rt19_narrow(const int *in, int *out, int p) {
    __shared__ short hs[32][32];
    __shared__ char cs[32][64];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        hs[j][tx] = (short)in[blockIdx.x * 1024 + j * 32 + tx];
        cs[j][tx] = (char)(in[blockIdx.x * 1024 + j * 32 + tx] >> 3);
        cs[j][tx + 32] = (char)(in[blockIdx.x * 1024 + j * 32 + tx] >> 11);
    }
    __syncthreads();
    int acc = hs[tx][ty] + cs[tx][ty * 2] + cs[tx][ty + 40];
    acc += *reinterpret_cast<const int *>(&hs[ty][2 * (tx % 16)]);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt19_narrow<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
