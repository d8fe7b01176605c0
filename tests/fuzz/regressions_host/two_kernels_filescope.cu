__shared__ int g_tile[64][8];
__global__ void fz_1_55_a(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 8 + tx;
    for (int i = tid; i < 512; i += 256)
        g_tile[i / 8][i % 8] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = g_tile[tx % 64][ty % 8];
    acc += g_tile[ty % 63][tx % 8];
    out[blockIdx.x * 256 + tid] = acc;
}
__global__ void fz_1_55_b(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 512; i += 64)
        g_tile[i / 8][i % 8] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = g_tile[tx % 64][ty % 8];
    acc += g_tile[ty % 63][tx];
    out[blockIdx.x * 64 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_55_launch(const int* in, int* out) { fz_1_55_a<<<2, dim3(8, 32)>>>(in, out + 0, 0); fz_1_55_b<<<2, dim3(16, 4)>>>(in, out + 1024, 0); }
#endif
