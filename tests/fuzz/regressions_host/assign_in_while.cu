__global__ void fz_1_6(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ float tile[64][8];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 8][i % 8] = (float)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    float acc = tile[tx % 64][ty % 8];
    const int r = 1 + ty % 62;
    int f = tx % 4;
    while ((f += 2) < 11) acc += tile[r][f];
    out[blockIdx.x * 128 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void fz_1_6_launch(const int* in, int* out) { fz_1_6<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
