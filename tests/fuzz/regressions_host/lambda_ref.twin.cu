__global__ void fz_1_28(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ float tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 256; i += 256)
        tile[i / 16][i % 16] = (float)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    float acc = tile[tx % 16][ty % 16];
    const int r = 1 + ty % 14;
    int f = tx % 8;
    auto step = [&]() { f += 2; };
    for (int i = 0; i < 4; ++i) {
        acc += tile[r][f];
        step();
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void fz_1_28_launch(const int* in, int* out) { fz_1_28<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
