// The block from a constexpr ceil_div: dim3(32, ceil_div(256, 32)) = 32x8,
// the grid ceil_div(64, 32) = 2; a transposed 32x32 tile.
// launch: rt5_43_ceil_div 2 32x8
// expect: rewritten
__global__ void rt5_43_ceil_div(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = (float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255);
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 2.0f + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
void launch(const int *in, int *out) {
    constexpr int threads = 256, width = 32;
    const dim3 block(width, ceil_div(threads, width));
    rt5_43_ceil_div<<<ceil_div(64, width), block>>>(in, out, 0);
}
#endif
