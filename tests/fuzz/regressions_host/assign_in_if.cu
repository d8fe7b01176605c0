__global__ void fz_1_43(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ float tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 64 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 32][i % 32] = (float)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    float acc = tile[tx % 16][ty % 32];
    const int r = 1 + ty % 14;
    int f = tx % 4;
    if ((f = tx * 2) < 45) acc += tile[r][f];
    else acc += tile[r][f % 4];
    out[blockIdx.x * 128 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void fz_1_43_launch(const int* in, int* out) { fz_1_43<<<2, dim3(64, 2)>>>(in, out, 0); }
#endif
