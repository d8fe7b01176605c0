// rap_srcw_f64: the RAP paper's micro-benchmark (seed 000, sections III and VI):
// one block of 1024 threads holds two 32x32 double matrices in shared memory
// and transposes a -> b -> a `reps` times; SRCW: stride read, contiguous write.
// Thread t handles element (i, j) = (t / 32, t % 32), so a warp is one row i.
//
// Shared-memory pattern:
//   read  a[j][i]: a warp reads one column of doubles: 16-way per half-warp
//   write b[i][j]: a warp writes one row: conflict-free
// What rapcc should find: the column read conflicts on 'a' and 'b'; pad
// [32][33] fixes it; XOR / RAP on 32 columns leave some conflicts for
// 8-byte elements (ANCHORS.md item 4).
//
// Output: b after the last round, i.e. the transpose of this block's input.

#define W 32

extern "C" __global__ void rap_srcw_f64(double *out, const double *in, int reps)
{
#pragma rapcc block_dim(1024, 1, 1)
    __shared__ double a[W][W];
    __shared__ double b[W][W];

    int i = threadIdx.x / W;
    int j = threadIdx.x % W;
    const double *src = in + (size_t)blockIdx.x * W * W;
    a[i][j] = src[threadIdx.x];
    __syncthreads();

    for (int k = 0; k < reps; ++k) {
        b[i][j] = a[j][i];          // stride read, contiguous write
        __syncthreads();
        a[i][j] = b[j][i];
        __syncthreads();
    }

    out[(size_t)blockIdx.x * W * W + threadIdx.x] = b[i][j];
}
