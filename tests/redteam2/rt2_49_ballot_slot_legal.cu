// The same compaction with the slot in the warp's own row, kept[warp][slot]:
// a slot is below 32.
// launch: rt2_49_ballot_slot_legal 2 32x8
__global__ void rt2_49_ballot_slot_legal(const int *in, int *out, int p) {
    __shared__ int kept[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) kept[j][tx] = -1;
    __syncthreads();
    const int v = in[blockIdx.x * 256 + tid] & 8191;
    const bool keep = (v & 3) != 0;
    const unsigned mask = __ballot_sync(0xffffffffu, keep);
    const int slot = __popc(mask & ((1u << tx) - 1u));
    if (keep) kept[ty][slot] = v;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = kept[tx][ty] + kept[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_49_ballot_slot_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
