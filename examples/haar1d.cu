// haar1d: full 1-D Haar wavelet decomposition of 1024 floats per block in
// shared memory (CUDA SDK dwtHaar1D style): each level pairs neighbours,
// writes the detail coefficients out and keeps the averages in place.
// Output layout per block: [approximation, details of the coarsest level,
// ..., details of the finest level (512 values)].
//
// Shared-memory pattern:
//   s_data[2 * tid], s_data[2 * tid + 1]: lane stride 2 words: 2-way conflict
//   s_data[tid]: linear: conflict-free
// What rapcc should find: a 2-way conflict on both pair loads (seed 004
// Table 5: dwtHaar1D). XOR or RAP of the high bits fixes it; padding one
// word per 32 does too.

#define HAAR_N 1024
#define INV_SQRT2 0.70710678118654752f

extern "C" __global__ void haar1d(float *d_out, const float *d_in)
{
#pragma rapcc block_dim(512, 1, 1)
    __shared__ float s_data[HAAR_N];

    int tid = threadIdx.x;
    const float *src = d_in + (size_t)blockIdx.x * HAAR_N;
    float *dst = d_out + (size_t)blockIdx.x * HAAR_N;
    s_data[tid] = src[tid];
    s_data[tid + HAAR_N / 2] = src[tid + HAAR_N / 2];
    __syncthreads();

    for (int half = HAAR_N / 2; half >= 1; half >>= 1) {
        float a = 0.0f;
        float b = 0.0f;
        if (tid < half) {
            a = s_data[2 * tid];
            b = s_data[2 * tid + 1];
        }
        __syncthreads();
        if (tid < half) {
            s_data[tid] = (a + b) * INV_SQRT2;
            dst[half + tid] = (a - b) * INV_SQRT2;
        }
        __syncthreads();
    }

    if (tid == 0)
        dst[0] = s_data[0];
}
