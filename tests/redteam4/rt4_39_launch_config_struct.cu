// Launch shape from constexpr members of a config struct
// (dim3 block(Cfg::BX, Cfg::BY)), the tile sized by the same members, a
// transpose. A legal control.
// launch: rt4_39_config_struct 2 32x8
// expect: rewritten
struct TransposeCfg {
    static constexpr int TILE = 32;
    static constexpr int BX = 32;
    static constexpr int BY = 8;
};
__global__ void rt4_39_config_struct(const int *in, int *out, int p) {
    using Cfg = TransposeCfg;
    __shared__ int tile[Cfg::TILE][Cfg::TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < Cfg::TILE; j += Cfg::BY) tile[ty + j][tx] = in[blockIdx.x * 1024 + (ty + j) * Cfg::TILE + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < Cfg::TILE; j += Cfg::BY) out[blockIdx.x * 1024 + (ty + j) * Cfg::TILE + tx] = tile[tx][ty + j] ^ p;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(TransposeCfg::BX, TransposeCfg::BY);
    dim3 grid(2);
    rt4_39_config_struct<<<grid, block>>>(in, out, 0);
}
#endif
