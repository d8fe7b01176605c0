// __builtin_expect around a branch and __builtin_assume on the lane: the
// hints change nothing; a transposed read of a 32x32 tile.
// launch: rt5_62_hints 2 32x8
// expect: rewritten
__global__ void rt5_62_hints(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    __builtin_assume(tx < 32);
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (__builtin_expect(ty + 8 * k < 32, 1)) acc = acc * 5 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_62_hints<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
