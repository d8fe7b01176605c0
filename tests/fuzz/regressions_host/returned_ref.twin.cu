__device__ int &fz_27_6_cell(int *s, int i) { return s[i]; }
__device__ int fz_27_6_value(const int *s, int i) { return s[i]; }
__global__ void fz_27_6(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int buf[512];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 64 + tx;
    for (int i = tid; i < 512; i += 128)
        buf[i] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = buf[(tx % 8) * 64 + ty % 64];
    const int r = 1 + ty % 6;
    acc += fz_27_6_value(buf, r * 64 + tx % 64);
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_27_6_launch(const int* in, int* out) { fz_27_6<<<2, dim3(64, 2)>>>(in, out, 0); }
#endif
