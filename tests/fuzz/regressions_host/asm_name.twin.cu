__shared__ int g_tile[16][16];
__shared__ int g_aux[128];
__global__ void fz_1_71(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 256; i += 128)
        g_tile[i / 16][i % 16] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    g_aux[tid] = (int)(in[tid] & 255);
    __syncthreads();
    int acc = g_tile[tx % 16][ty % 16] + g_aux[(tid + 1) % 128];
    int v, wv = g_tile[10][3];
    asm volatile("mov.b32 %0, %1;" : "=r"(v) : "r"(wv));
    acc += v;
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_71_launch(const int* in, int* out) { fz_1_71<<<2, dim3(16, 8)>>>(in, out + 0, 0); }
#endif
