// A binary search over a sorted shared row (merge-path style), lo/hi kept
// inside the row by the loop, then a transposed read.
// launch: rt118_k 2 32x8
__global__ void rt118_k(const int *in, int *out, int p) {
    __shared__ int keys[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    keys[ty][tx] = tx * 64 + (in[blockIdx.x * 256 + tid] & 63);
    __syncthreads();
    const int needle = in[(blockIdx.x * 256 + tid + 17) & 4095] & 2047;
    int lo = 0, hi = 32;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (keys[ty][mid] < needle) lo = mid + 1; else hi = mid;
    }
    out[blockIdx.x * 256 + tid] = lo * 10000 + keys[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt118_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
