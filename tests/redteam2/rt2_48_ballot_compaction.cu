// Warp stream compaction: __ballot_sync and __popc of the lower lanes give
// each kept element its slot, warp * 32 + slot, written through row 0.
// launch: rt2_48_ballot_compaction 2 32x8
__global__ void rt2_48_ballot_compaction(const int *in, int *out, int p) {
    __shared__ int kept[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    kept[ty][tx] = -1;
    __syncthreads();
    const int v = in[blockIdx.x * 256 + tid] & 8191;
    const bool keep = (v & 3) != 0;
    const unsigned mask = __ballot_sync(0xffffffffu, keep);
    const int slot = __popc(mask & ((1u << tx) - 1u));
    if (keep) kept[0][ty * 32 + slot] = v;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = kept[tx & 7][ty] + kept[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_48_ballot_compaction<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
