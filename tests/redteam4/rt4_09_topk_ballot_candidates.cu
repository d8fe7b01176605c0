// Top-k style candidate filter: each warp compacts the values above a
// threshold into its row of a shared candidate table at a position from a
// ballot (data-dependent column), then each warp keeps the largest four of
// its candidates by repeated arg-max over the shared row.
// launch: rt4_09_topk 2 32x8
__global__ void rt4_09_topk(const int *in, int *out, int p) {
    __shared__ int cand[8][32];
    __shared__ int count[8];
    const int lane = threadIdx.x, warp = threadIdx.y;
    const int v = in[(blockIdx.x * 256 + warp * 32 + lane) & 4095] & 4095;
    const bool keep = v > 1024;
    const unsigned int mask = __ballot_sync(0xffffffffu, keep);
    const int pos = __popc(mask & ((1u << lane) - 1u));
    cand[warp][lane] = -1;
    __syncthreads();
    if (keep) cand[warp][pos] = v;
    if (lane == 0) count[warp] = __popc(mask);
    __syncthreads();
    int best[4];
    for (int k = 0; k < 4; ++k) {
        int m = cand[warp][lane];
        int at = lane;
        for (int o = 16; o > 0; o >>= 1) {
            const int om = __shfl_xor_sync(0xffffffffu, m, o);
            const int oa = __shfl_xor_sync(0xffffffffu, at, o);
            if (om > m || (om == m && oa < at)) { m = om; at = oa; }
        }
        best[k] = m;
        __syncthreads();
        if (lane == 0) cand[warp][at] = -1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + warp * 32 + lane] = best[lane & 3] + count[warp] * 65536;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_09_topk<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
