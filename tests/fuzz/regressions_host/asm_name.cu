__shared__ int g_tile[8][64];
__shared__ int g_aux[128];
__global__ void fz_1_14(const int* __restrict__ in, int* __restrict__ out, int p)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 512; i += 128)
        g_tile[i / 64][i % 64] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    g_aux[tid] = (int)(in[tid] & 255);
    __syncthreads();
    int acc = g_tile[tx % 8][ty % 64] + g_aux[(tid + 1) % 128];
    int v;
    asm volatile("ld.shared.u32 %0, [g_tile+260];" : "=r"(v) :: "memory");
    acc += v;
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_14_launch(const int* in, int* out) { fz_1_14<<<2, dim3(32, 4)>>>(in, out + 0, 0); }
#endif
