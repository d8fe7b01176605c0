// Per-warp histograms in shared memory built with atomicAdd (bin = the
// input's low five bits), then read transposed: thread (lane, warp) takes bin
// warp * 4 + lane / 8 of warp lane & 7's histogram.
// launch: rt5_28_warp_hist 2 32x8
// Kept by auto for a true reason: the atomic bins are data, so the predictions
// are expectations under uniform data, and the best swizzle is 5% cheaper
// (106.4 against 112.0, `--explain`), under the margin such a prediction must
// clear (planner.py); xor, rap and the hashes rewrite it, bit-identical.
__global__ void rt5_28_warp_hist(const int *in, int *out, int p) {
    __shared__ int hist[8][32];
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int lane = tid % 32, warp = tid / 32;
    hist[warp][lane] = 0;
    __syncthreads();
    for (int i = 0; i < 4; ++i) atomicAdd(&hist[warp][in[(blockIdx.x * 1024 + i * 256 + tid) & 4095] & 31], 1);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = hist[lane & 7][warp * 4 + (lane >> 3)] * 100 + hist[warp][lane];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_28_warp_hist<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
