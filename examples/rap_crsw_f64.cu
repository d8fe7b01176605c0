// rap_crsw_f64: the RAP paper's micro-benchmark (seed 000, sections III and VI):
// one block of 1024 threads holds two 32x32 double matrices in shared memory
// and transposes a -> b -> a `reps` times; CRSW: contiguous read, stride write.
// Thread t handles element (i, j) = (t / 32, t % 32), so a warp is one row i.
//
// Shared-memory pattern:
//   read  a[i][j]: a warp reads one row of doubles: conflict-free (two
//                  wavefronts, the ideal for 8-byte lanes)
//   write b[j][i]: a warp writes one column: stride 64 bytes, 16-way per half-warp
// What rapcc should find: the column write conflicts on 'a' and 'b'; pad
// [32][33] fixes it; with 8-byte elements a 32-entry XOR or RAP permutation
// of the column leaves some conflicts (ANCHORS.md item 4).
//
// Output: b after the last round, i.e. the transpose of this block's input.

#define W 32

extern "C" __global__ void rap_crsw_f64(double *out, const double *in, int reps)
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
        b[j][i] = a[i][j];          // contiguous read, stride write
        __syncthreads();
        a[j][i] = b[i][j];
        __syncthreads();
    }

    out[(size_t)blockIdx.x * W * W + threadIdx.x] = b[i][j];
}
