// Image histogram with per-warp sub-histograms: hist[warp][bin] incremented
// with shared atomics (the bin is the pixel's value), then the block merges
// the warps' rows column by column. Integer atomics: the counts do not
// depend on the order.
// launch: rt4_17_histogram 2 256x1
#define BINS 64
#define WARPS 8
__global__ void rt4_17_histogram(const int *in, int *out, int p) {
    __shared__ unsigned int hist[WARPS][BINS];
    const int tid = threadIdx.x, warp = tid / 32;
    for (int i = tid; i < WARPS * BINS; i += blockDim.x) hist[i / BINS][i % BINS] = 0;
    __syncthreads();
    for (int k = 0; k < 8; ++k) {
        const int pixel = in[(blockIdx.x * 2048 + k * 256 + tid) & 4095];
        atomicAdd(&hist[warp][(pixel >> 3) & (BINS - 1)], 1u);
    }
    __syncthreads();
    if (tid < BINS) {
        unsigned int sum = 0;
        for (int w = 0; w < WARPS; ++w) sum += hist[w][tid];
        out[blockIdx.x * BINS + tid] = (int)sum;
    }
    out[256 + blockIdx.x * 256 + tid] = (int)hist[tid & 7][tid >> 2];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_17_histogram<<<2, 256>>>(in, out, 0); }
#endif
