__device__ __noinline__ void fz_1_84_adv(int& v, int s) { v += s; }
__global__ void fz_1_84(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[8][64];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 64][i % 64] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 8][ty % 64];
    const int r = 1 + ty % 6;
    int f = tx % 32;
    fz_1_84_adv(f, 53);
    acc += tile[r][f];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_84_launch(const int* in, int* out) { fz_1_84<<<2, dim3(16, 8)>>>(in, out, 0); }
#endif
