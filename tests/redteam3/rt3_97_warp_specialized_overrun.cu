// Warp specialization where the producer warps write four rows per step
// with a column offset of 32 (row j + 1's element), consumers read columns.
// launch: rt3_97_warp_specialized_overrun 2 32x8
static __global__ void rt3_97_warp_specialized_overrun(const int *in, int *out, int p) {
    __shared__ int tile[33][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (ty < 4)
        for (int j = ty; j < 32; j += 4) tile[j][tx + 32] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    else if (ty == 4)
        tile[0][tx] = 5 * tx;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_97_warp_specialized_overrun<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
