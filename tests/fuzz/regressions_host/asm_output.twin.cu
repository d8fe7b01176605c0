__global__ void fz_1_68(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 256; i += 128)
        tile[i / 16][i % 16] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 16][ty % 16];
    const int r = 1 + ty % 14;
    int x = (tx * 5) % 16;
    int f = tx % 4;
    asm("mov.u32 %0, %1;" : "=r"(f) : "r"(x));
    acc += tile[r][f];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_68_launch(const int* in, int* out) { fz_1_68<<<2, dim3(16, 8)>>>(in, out, 0); }
#endif
