// fwt: fast Walsh-Hadamard transform of 1024 floats per block, done as five
// radix-4 stages in shared memory (CUDA SDK fastWalshTransform; seed 004
// section 3.2.4). 256 threads each run one 4-point butterfly per stage.
// Each stage is scaled by 1/2, so one transform is orthonormal and the
// kernel applies it `reps` times.
//
// Shared-memory pattern, per stage (pos = tid):
//   lo = pos & (stride - 1); i0 = ((pos - lo) << 2) + lo;
//   s_data[i0 + k * stride], k = 0..3
//   stride 256, 64: lanes are consecutive: conflict-free
//   stride 16: two runs of 16 lanes 64 words apart: 2-way conflict
//   stride 4: runs of 4 lanes 16 words apart: 4-way conflict
//   stride 1: lane stride 4 words: 4-way conflict
// What rapcc should find: 2- and 4-way conflicts at the small strides (the
// 'block' class: sub-warps of size stride). Padding or XOR removes them,
// though the anchor measured no speed-up (0.994x): barriers dominate.

#define FWT_N 1024
#define FWT_THREADS 256

extern "C" __global__ void fwt(float *d_out, const float *d_in, int reps)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float s_data[FWT_N];

    const float *src = d_in + (size_t)blockIdx.x * FWT_N;
    for (int pos = threadIdx.x; pos < FWT_N; pos += FWT_THREADS)
        s_data[pos] = src[pos];
    __syncthreads();

    for (int r = 0; r < reps; r++) {
        for (int stride = FWT_N / 4; stride >= 1; stride >>= 2) {
            int pos = threadIdx.x;
            int lo = pos & (stride - 1);
            int i0 = ((pos - lo) << 2) + lo;
            int i1 = i0 + stride;
            int i2 = i1 + stride;
            int i3 = i2 + stride;

            float D0 = s_data[i0];
            float D1 = s_data[i1];
            float D2 = s_data[i2];
            float D3 = s_data[i3];

            float T;
            T = D0; D0 = D0 + D2; D2 = T - D2;
            T = D1; D1 = D1 + D3; D3 = T - D3;
            __syncthreads();

            s_data[i0] = (D0 + D1) * 0.5f;
            s_data[i1] = (D0 - D1) * 0.5f;
            s_data[i2] = (D2 + D3) * 0.5f;
            s_data[i3] = (D2 - D3) * 0.5f;
            __syncthreads();
        }
    }

    float *dst = d_out + (size_t)blockIdx.x * FWT_N;
    for (int pos = threadIdx.x; pos < FWT_N; pos += FWT_THREADS)
        dst[pos] = s_data[pos];
}
