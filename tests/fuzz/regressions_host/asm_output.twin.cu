__global__ void fz_twin_asm_ou(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 1056; i += 256)
        tile[i / 33][i % 33] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 32][ty % 33];
    const int r = 1 + ty % 30;
    int x = (tx * 3) % 33;
    int f = tx % 4, g = 0;
    asm("mov.u32 %0, %1;" : "=r"(g) : "r"(x));
    acc += tile[r][f] + (g & 1);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void fz_twin_asm_ou_launch(const int* in, int* out) { fz_twin_asm_ou<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
