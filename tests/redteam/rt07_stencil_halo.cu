// A 5-point stencil with a 1-cell halo: tile[ty + 1 + dy][tx + 1 + dx] with
// negative offsets from constexpr arrays, halo cells loaded by edge threads.
// launch: rt07_stencil 2 16x16
constexpr int BX = 16, BY = 16;
#define g(yy, xx) ((float)(in[(blockIdx.x * 400 + ((yy) + 1) * 20 + ((xx) + 1)) & 4095] & 255))
__global__ void rt07_stencil(const int *in, int *out, int p) {
    __shared__ float tile[BY + 2][BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty + 1][tx + 1] = g(ty, tx);
    if (tx == 0) tile[ty + 1][0] = g(ty, -1);
    if (tx == BX - 1) tile[ty + 1][BX + 1] = g(ty, BX);
    if (ty == 0) tile[0][tx + 1] = g(-1, tx);
    if (ty == BY - 1) tile[BY + 1][tx + 1] = g(BY, tx);
    __syncthreads();
    constexpr int dy[5] = {0, 0, 0, -1, 1};
    constexpr int c_dx[5] = {0, -1, 1, 0, 0};
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 5; ++k) acc += (k + 1) * tile[ty + 1 + dy[k]][tx + 1 + c_dx[k]];
    acc += tile[tx + 1][ty + 1];
    out[blockIdx.x * 256 + ty * BX + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt07_stencil<<<2, dim3(BX, BY)>>>(in, out, 0); }
#endif
