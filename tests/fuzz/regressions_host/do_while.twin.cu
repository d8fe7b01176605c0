__global__ void fz_1_19(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 1024; i += 256)
        tile[i / 32][i % 32] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 32][ty % 32];
    const int r = 1 + ty % 30;
    int f = tx % 16;
    do {
        acc += tile[r][f];
        f += 3;
    } while (f < 32);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_19_launch(const int* in, int* out) { fz_1_19<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
