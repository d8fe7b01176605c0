// rap_crsw_f32: the RAP paper's micro-benchmark (seed 000, sections III and VI):
// one block of 1024 threads holds two 32x32 float matrices in shared memory
// and transposes a -> b -> a `reps` times; CRSW: contiguous read, stride write.
// Thread t handles element (i, j) = (t / 32, t % 32), so a warp is one row i.
//
// Shared-memory pattern:
//   read  a[i][j]: a warp reads one row: conflict-free
//   write b[j][i]: a warp writes one column: stride 32 words, 32-way conflict
// What rapcc should find: a 32-way conflict on every write of 'a' and 'b';
// pad [32][33], XOR (j ^ i) and RAP ((j + p(i)) mod 32) all remove it.
//
// Output: b after the last round, i.e. the transpose of this block's input.

#define W 32

extern "C" __global__ void rap_crsw_f32(float *out, const float *in, int reps)
{
#pragma rapcc block_dim(1024, 1, 1)
    __shared__ float a[W][W];
    __shared__ float b[W][W];

    int i = threadIdx.x / W;
    int j = threadIdx.x % W;
    const float *src = in + (size_t)blockIdx.x * W * W;
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
