// Merge path: two sorted runs of 128 in shared memory (sorted by
// construction: prefix sums of small values), each thread binary-searches
// its diagonal for the split and merges two outputs from there.
// launch: rt4_20_merge_path 2 128x1
#define NA 128
__global__ void rt4_20_merge_path(const int *in, int *out, int p) {
    __shared__ int a[NA];
    __shared__ int b[NA];
    const int tid = threadIdx.x;
    a[tid] = in[(blockIdx.x * 256 + tid) & 4095] & 15;
    b[tid] = in[(blockIdx.x * 256 + NA + tid) & 4095] & 15;
    __syncthreads();
    if (tid == 0) {
        for (int i = 1; i < NA; ++i) a[i] += a[i - 1];
    } else if (tid == 32) {
        for (int i = 1; i < NA; ++i) b[i] += b[i - 1];
    }
    __syncthreads();
    const int diag = 2 * tid;
    int lo = max(0, diag - NA), hi = min(diag, NA);
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (a[mid] <= b[diag - mid - 1]) lo = mid + 1;
        else hi = mid;
    }
    int ia = lo, ib = diag - lo;
    for (int k = 0; k < 2; ++k) {
        const bool take_a = ib >= NA || (ia < NA && a[ia] <= b[ib]);
        out[blockIdx.x * 256 + diag + k] = take_a ? a[ia++] : b[ib++];
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_20_merge_path<<<2, NA>>>(in, out, 0); }
#endif
