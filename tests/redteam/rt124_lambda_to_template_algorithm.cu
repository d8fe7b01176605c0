// A device lambda capturing the tile by reference, handed to a template
// "algorithm" that calls it with columns past the row's end.
// launch: rt124_k 2 32x8
template <typename F>
__device__ int accumulate(F f, int from, int n) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += f(from + i);
    return s;
}
__global__ void rt124_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    auto col = [&](int c) { return tile[ty][c]; };
    int acc = tile[tx][ty] + accumulate(col, tx, 8);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt124_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
