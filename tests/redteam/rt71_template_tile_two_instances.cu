// A kernel template sized by TILE, two instances launched with their own
// shapes (16x16 and 32x8); both transposes are in range: legal.
// launch: rt71_k<16> 2 16x16
// launch: rt71_k<32> 2 32x8 0 512
// expect: rewritten
template <int TILE>
__global__ void rt71_k(const int *in, int *out, int p) {
    __shared__ float tile[TILE][TILE];
    constexpr int ROWS = 256 / TILE;
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS) tile[ty + j][tx] = (float)(in[blockIdx.x * TILE * TILE + (ty + j) * TILE + tx] & 1023);
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int j = 0; j < TILE; j += ROWS) acc += tile[tx][ty + j] * (float)(j + 1);
    out[blockIdx.x * 256 + ty * TILE + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt71_k<16><<<2, dim3(16, 16)>>>(in, out, 0);
    rt71_k<32><<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
