__global__ void fz_1_101(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 64 + tx;
    for (int i = tid; i < 1056; i += 128)
        tile[i / 33][i % 33] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 32][ty % 33];
    const int r = 1 + ty % 30;
    int f = tx % 4;
    while ((f += 1) < 33) acc += tile[r][f];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_101_launch(const int* in, int* out) { fz_1_101<<<2, dim3(64, 2)>>>(in, out, 0); }
#endif
