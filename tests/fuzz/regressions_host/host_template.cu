template <int B>
__global__ void fz_77_0(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[B][B];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int nt = blockDim.x * blockDim.y;
    const int tid = ty * blockDim.x + tx;
    for (int i = tid; i < B * B; i += nt)
        tile[i / B][i % B] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = tile[tx % B][ty % B];
    acc += tile[ty % B][tx];
    out[blockIdx.x * nt + tid] = acc;
}
#ifdef __CUDACC__
template <int B> void fz_77_0_run(const int* in, int* out) { fz_77_0<B><<<2, dim3(32, 4)>>>(in, out, 0); }
void fz_77_0_launch(const int* in, int* out) { fz_77_0<32><<<2, dim3(32, 4)>>>(in, out, 0); fz_77_0_run<16>(in, out + 1024); }
#endif
