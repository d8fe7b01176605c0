__global__ void fz_1_61(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ float tile[64][8];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 8][i % 8] = (float)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    float acc = tile[tx % 64][ty % 8];
    const int r = 1 + ty % 62;
    int f = tx % 4;
    for (int i = 0; i < 4; ++i) {
        acc += tile[r][f];
        f += 3;
        if (i < 1) continue;
        f = tx % 4;
    }
    out[blockIdx.x * 128 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void fz_1_61_launch(const int* in, int* out) { fz_1_61<<<2, dim3(16, 8)>>>(in, out, 0); }
#endif
