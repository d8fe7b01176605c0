// A mutable lambda keeps its captured copy between calls: next() returns
// (tx & 7) + 8, + 16, + 24, + 32 on its four calls, so the last read runs up
// to eight columns past the row (a model that re-reads the capture each call
// sees (tx & 7) + 8 every time).
// launch: rt5_56_mutable 2 32x8
__global__ void rt5_56_mutable(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    auto next = [c = tx & 7]() mutable { c += 8; return c; };
    int acc = tile[tx % 16][ty * 4];
    for (int k = 0; k < 4; ++k) acc = acc * 3 + tile[ty][next()];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_56_mutable<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
