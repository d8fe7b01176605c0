// The tile in unevaluated operands only, besides its transposed reads:
// sizeof(tile[tx][j]), decltype(tile[0][0]), noexcept(tile[0][0] = 1).
// launch: rt2_161_unevaluated_uses 2 32x8
__global__ void rt2_161_unevaluated_uses(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) {
        decltype(tile[0][0]) cell = tile[tx][j];
        const int k = (int)sizeof(tile[tx][j]) + (noexcept(tile[0][0] = 1.0f) ? 1 : 0);
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(cell) + k;
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_161_unevaluated_uses<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
