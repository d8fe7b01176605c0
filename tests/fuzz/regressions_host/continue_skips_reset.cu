__global__ void fz_1_42(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[64][8];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 512; i += 256)
        tile[i / 8][i % 8] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 64][ty % 8];
    const int r = 1 + ty % 62;
    int f = tx % 4;
    for (int i = 0; i < 7; ++i) {
        acc += tile[r][f];
        f += 2;
        if (i < 4) continue;
        f = tx % 4;
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_42_launch(const int* in, int* out) { fz_1_42<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
