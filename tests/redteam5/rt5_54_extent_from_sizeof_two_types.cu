// One kernel template, two element types, the tile's width from the type:
// `__shared__ T tile[32][128 / sizeof(T)]` is [32][32] for float and
// [32][16] for double; both instances are launched, and a rewrite of the
// template's text must hold for both extents.
// launch: rt5_54_bytes_wide<float> 2 32x8
// launch: rt5_54_bytes_wide<double> 2 32x8 0 512
template <typename T>
__global__ void rt5_54_bytes_wide(const int *in, int *out, int p) {
    constexpr int W = 128 / sizeof(T);
    __shared__ T tile[32][W];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * W; i += 256) tile[i / W][i % W] = (T)(in[(blockIdx.x * 1024 + i) & 4095] & 255);
    __syncthreads();
    T acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * (T)2 + tile[tx][(ty + 8 * k) % W];
    out[blockIdx.x * 256 + tid] = (int)acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_54_bytes_wide<float><<<2, dim3(32, 8)>>>(in, out, 0);
    rt5_54_bytes_wide<double><<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
