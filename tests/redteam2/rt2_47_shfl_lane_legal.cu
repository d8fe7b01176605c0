// A shuffled lane number as a row: __shfl_sync(mask, tx, (tx + 1) & 31)
// is a lane, below 32.
// launch: rt2_47_shfl_lane_legal 2 32x8
__global__ void rt2_47_shfl_lane_legal(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const int next = __shfl_sync(0xffffffffu, tx, (tx + 1) & 31);
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[next][ty] + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_47_shfl_lane_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
