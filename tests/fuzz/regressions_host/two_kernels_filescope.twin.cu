__shared__ int g_tile[16][16];
__global__ void fz_1_112_a(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 256; i += 256)
        g_tile[i / 16][i % 16] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = g_tile[tx % 16][ty % 16];
    acc += g_tile[ty % 15][tx % 16];
    out[blockIdx.x * 256 + tid] = acc;
}
__global__ void fz_1_112_b(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 256; i += 128)
        g_tile[i / 16][i % 16] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = g_tile[tx % 16][ty % 16];
    acc += g_tile[ty % 15][tx % 16];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_112_launch(const int* in, int* out) { fz_1_112_a<<<2, dim3(16, 16)>>>(in, out + 0, 0); fz_1_112_b<<<2, dim3(32, 4)>>>(in, out + 1024, 0); }
#endif
