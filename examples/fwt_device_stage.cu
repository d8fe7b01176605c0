// fwt_device_stage: fast Walsh-Hadamard transform of 1024 floats per block as
// ten radix-2 stages, each done by a __device__ helper that takes the shared
// array (the shape of the CUDA SDK's fwtBatch kernels, which hand the shared
// buffer to their butterfly code). 512 threads each run one butterfly per
// stage. Every other stage is scaled by 1/2, so one transform is orthonormal
// and the kernel applies it `reps` times.
//
// Shared-memory pattern, per stage (pos = tid):
//   lo = pos & (stride - 1); i0 = ((pos - lo) << 1) + lo; i1 = i0 + stride
//   stride 1: lane stride 2 words: 2-way conflict on s[i0] and s[i1]
//   stride 2..16: runs of `stride` lanes 2*stride words apart: 2-way
//   stride >= 32: a warp reads 32 consecutive words: conflict-free
// What rapcc should find: the helper's subscripts s[i0], s[i1] are accesses
// of 's_data' (the call passes the array), with 2-way conflicts at the five
// small strides (the 'block' class). Padding one word per 32 or an XOR of
// the high bits into the bank removes them; 'auto' should pick one of those.

#define FWT_N 1024
#define FWT_THREADS 512

__device__ void fwt_radix2_stage(float *s, int pos, int stride, float scale)
{
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i1 = i0 + stride;
    float a = s[i0];
    float b = s[i1];
    __syncthreads();
    s[i0] = (a + b) * scale;
    s[i1] = (a - b) * scale;
    __syncthreads();
}

extern "C" __global__ void fwt_device_stage(float *d_out, const float *d_in, int reps)
{
#pragma rapcc block_dim(512, 1, 1)
    __shared__ float s_data[FWT_N];

    const float *src = d_in + (size_t)blockIdx.x * FWT_N;
    for (int pos = threadIdx.x; pos < FWT_N; pos += FWT_THREADS)
        s_data[pos] = src[pos];
    __syncthreads();

    for (int r = 0; r < reps; r++) {
        int level = 0;
        for (int stride = FWT_N / 2; stride >= 1; stride >>= 1) {
            fwt_radix2_stage(s_data, threadIdx.x, stride, (level & 1) ? 0.5f : 1.0f);
            level++;
        }
    }

    float *dst = d_out + (size_t)blockIdx.x * FWT_N;
    for (int pos = threadIdx.x; pos < FWT_N; pos += FWT_THREADS)
        dst[pos] = s_data[pos];
}
