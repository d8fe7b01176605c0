__device__ void fz_27_3_bump(int &v, int by) { v = (v + by) % 16; }
__device__ void fz_27_3_bumpp(int *v, int by) { *v = (*v + by) % 16; }
__global__ void fz_27_3(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 32 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 32][i % 32] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % 16][ty % 32];
    const int r = 1 + ty % 14;
    int q = ty % 16;
    const int *row = tile[q];
    fz_27_3_bump(q, 12);
    acc += row[tx % 32];
    acc += tile[(unsigned)q % 16][(tx + 1) % 32];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_27_3_launch(const int* in, int* out) { fz_27_3<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
