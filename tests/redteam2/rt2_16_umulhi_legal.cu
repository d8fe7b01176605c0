// __umulhi(tx, 2^31) is tx >> 1: a column of 0..15, in range.
// launch: rt2_16_umulhi_legal 2 32x8
__global__ void rt2_16_umulhi_legal(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const unsigned half = __umulhi((unsigned)tx, 0x80000000u);
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][half + ty] + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_16_umulhi_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
