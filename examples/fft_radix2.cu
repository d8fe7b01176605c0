// fft_radix2: 1024-point complex FFT per block with radix-2 Stockham stages
// (the formulation of Govindaraju et al. 2008) ping-ponging between two
// float2 buffers in shared memory; 512 threads, one butterfly each per stage.
//
// Shared-memory pattern (8-byte elements: served per half-warp):
//   s_buf[p][j], s_buf[p][j + 512]: consecutive float2: conflict-free
//   s_buf[p ^ 1][((j - k) << 1) + k (+ ns)], k = j & (ns - 1): runs of ns
//   consecutive elements 2 * ns apart: 2-way conflict per half-warp for
//   ns = 1, 2, 4, 8, conflict-free from ns = 16 on
// What rapcc should find: 8-byte 'block'-class stores with 2-way conflicts
// in the first four stages (seed 004 Table 5: FFT-1, FFT-2). The first
// subscript is the uniform buffer selector p, which is not a loop variable.

#define FFT_N 1024

extern "C" __global__ void fft_radix2(float2 *d_out, const float2 *d_in)
{
#pragma rapcc block_dim(512, 1, 1)
    __shared__ float2 s_buf[2][FFT_N];

    int j = threadIdx.x;
    const float2 *src = d_in + (size_t)blockIdx.x * FFT_N;
    float2 *dst = d_out + (size_t)blockIdx.x * FFT_N;
    s_buf[0][j] = src[j];
    s_buf[0][j + FFT_N / 2] = src[j + FFT_N / 2];
    __syncthreads();

    int p = 0;
    for (int ns = 1; ns < FFT_N; ns <<= 1) {
        int k = j & (ns - 1);
        float2 a0 = s_buf[p][j];
        float2 a1 = s_buf[p][j + FFT_N / 2];

        // Twiddle exp(-i * pi * k / ns) applied to the second input.
        float c = cospif(-(float)k / (float)ns);
        float s = sinpif(-(float)k / (float)ns);
        float2 t = make_float2(a1.x * c - a1.y * s, a1.x * s + a1.y * c);

        int out = ((j - k) << 1) + k;
        s_buf[p ^ 1][out] = make_float2(a0.x + t.x, a0.y + t.y);
        s_buf[p ^ 1][out + ns] = make_float2(a0.x - t.x, a0.y - t.y);
        p ^= 1;
        __syncthreads();
    }

    dst[j] = s_buf[p][j];
    dst[j + FFT_N / 2] = s_buf[p][j + FFT_N / 2];
}
