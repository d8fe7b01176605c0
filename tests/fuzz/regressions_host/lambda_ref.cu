__global__ void fz_1_9(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[8][64];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 64 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 64][i % 64] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 8][ty % 64];
    const int r = 1 + ty % 6;
    int f = tx % 32;
    auto step = [&]() { f += 26; };
    for (int i = 0; i < 4; ++i) {
        acc += tile[r][f];
        step();
    }
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_9_launch(const int* in, int* out) { fz_1_9<<<2, dim3(64, 2)>>>(in, out, 0); }
#endif
