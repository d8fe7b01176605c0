__device__ void fz_27_8_bump(int &v, int by) { v = (v + by) % 16; }
__device__ void fz_27_8_bumpp(int *v, int by) { *v = (*v + by) % 16; }
__global__ void fz_27_8(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ float tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 256; i += 256)
        tile[i / 16][i % 16] = (float)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    float acc = tile[tx % 16][ty % 16];
    const int r = 1 + ty % 14;
    int q = ty % 16;
    const float *row = tile[q];
    int q2 = q;
    int &qq = q2; qq = (qq + 2) % 16;
    acc += row[tx % 16];
    acc += tile[(unsigned)q2 % 16][(tx + 1) % 16];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void fz_27_8_launch(const int* in, int* out) { fz_27_8<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
