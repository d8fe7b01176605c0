// rap_drdw_f64: the RAP paper's micro-benchmark (seed 000, sections III and VI):
// one block of 1024 threads holds two 32x32 double matrices in shared memory
// and transposes a -> b -> a `reps` times; DRDW: diagonal read, diagonal write.
// Thread t handles element (i, j) = (t / 32, t % 32), so a warp is one row i.
//
// Shared-memory pattern:
//   read  a[d][j], write b[j][d]: diagonal over doubles: conflict-free
//                  (two wavefronts, the ideal for 8-byte lanes)
// What rapcc should find: no conflict; 'auto' must keep the raw layout;
// forced pad / XOR / RAP can only add conflicts here.
//
// Output: b after the last round, i.e. the transpose of this block's input.

#define W 32

extern "C" __global__ void rap_drdw_f64(double *out, const double *in, int reps)
{
#pragma rapcc block_dim(1024, 1, 1)
    __shared__ double a[W][W];
    __shared__ double b[W][W];

    int i = threadIdx.x / W;
    int j = threadIdx.x % W;
    int d = (i + j) & (W - 1);
    const double *src = in + (size_t)blockIdx.x * W * W;
    a[i][j] = src[threadIdx.x];
    __syncthreads();

    for (int k = 0; k < reps; ++k) {
        b[j][d] = a[d][j];          // diagonal read, diagonal write
        __syncthreads();
        a[j][d] = b[d][j];
        __syncthreads();
    }

    out[(size_t)blockIdx.x * W * W + threadIdx.x] = b[i][j];
}
