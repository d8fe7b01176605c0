__global__ void fz_1_32(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 1056; i += 256)
        tile[i / 33][i % 33] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 32][ty % 33];
    const int r = 1 + ty % 30;
    unsigned u = (unsigned)(tx % 33) + 0xFFFFFFFFu;
    int c = (int)(u % 33u);
    acc += tile[r][c];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_32_launch(const int* in, int* out) { fz_1_32<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
