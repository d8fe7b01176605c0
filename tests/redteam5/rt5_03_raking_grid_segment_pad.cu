// CUB-style raking reduction: a RakingLayout struct holds the raking grid
// [RAKING_THREADS][SEGMENT_LENGTH + 1], the +1 the author's own pad; each
// thread places its value at (tid / SEGMENT_LENGTH, tid % SEGMENT_LENGTH),
// the first warp rakes its segment through a row pointer and writes the
// segment's total into the pad column. Already conflict-free: auto has
// nothing to gain, and every strategy must keep its results.
// launch: rt5_03_raking 2 32x8
constexpr int BLOCK_THREADS = 256;
constexpr int RAKING_THREADS = 32;
constexpr int SEGMENT_LENGTH = BLOCK_THREADS / RAKING_THREADS;
struct RakingLayout { int buff[RAKING_THREADS][SEGMENT_LENGTH + 1]; };
__global__ void rt5_03_raking(const int *in, int *out, int p) {
    __shared__ RakingLayout grid;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int v = in[blockIdx.x * 256 + tid] & 1023;
    grid.buff[tid / SEGMENT_LENGTH][tid % SEGMENT_LENGTH] = v;
    __syncthreads();
    if (tid < RAKING_THREADS) {
        int *segment = grid.buff[tid];
        int sum = 0;
#pragma unroll
        for (int i = 0; i < SEGMENT_LENGTH; ++i) sum += segment[i];
        segment[SEGMENT_LENGTH] = sum;
    }
    __syncthreads();
    out[blockIdx.x * 256 + tid] = v + 3 * grid.buff[tid / SEGMENT_LENGTH][SEGMENT_LENGTH] + grid.buff[tid % 32][SEGMENT_LENGTH];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_03_raking<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
