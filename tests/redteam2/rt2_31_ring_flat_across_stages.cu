// A ring whose reader walks from one stage into the next through a flat
// pointer at the stage's start (the stages are contiguous).
// launch: rt2_31_ring_flat_across_stages 2 32x8
constexpr int kStages = 2;
__global__ void rt2_31_ring_flat_across_stages(const int *in, int *out, int p) {
    __shared__ int ring[kStages][8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int s = 0; s < kStages; ++s)
        ring[s][ty][tx] = in[blockIdx.x * 512 + s * 256 + tid] & 8191;
    __syncthreads();
    const int *stage = &ring[tid % kStages][0][0];
    out[blockIdx.x * 256 + tid] = stage[(tid * 3) & 255] + (tid % kStages == 0 ? stage[256 + tx] : 0) + ring[1][tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_31_ring_flat_across_stages<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
