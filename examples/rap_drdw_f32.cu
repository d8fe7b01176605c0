// rap_drdw_f32: the RAP paper's micro-benchmark (seed 000, sections III and VI):
// one block of 1024 threads holds two 32x32 float matrices in shared memory
// and transposes a -> b -> a `reps` times; DRDW: diagonal read, diagonal write.
// Thread t handles element (i, j) = (t / 32, t % 32), so a warp is one row i.
//
// Shared-memory pattern:
//   read  a[d][j], d = (i + j) mod 32: one element per bank: conflict-free
//   write b[j][d]: one element per bank: conflict-free
// What rapcc should find: no conflict; the raw layout is optimal and 'auto'
// must keep it. Forced pad makes the diagonal 2-way, forced XOR much worse
// (ANCHORS.md: 1.35x and 6x slower than raw).
//
// Output: b after the last round, i.e. the transpose of this block's input.

#define W 32

extern "C" __global__ void rap_drdw_f32(float *out, const float *in, int reps)
{
#pragma rapcc block_dim(1024, 1, 1)
    __shared__ float a[W][W];
    __shared__ float b[W][W];

    int i = threadIdx.x / W;
    int j = threadIdx.x % W;
    int d = (i + j) & (W - 1);
    const float *src = in + (size_t)blockIdx.x * W * W;
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
