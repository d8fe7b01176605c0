// A ternary picks which shared array to read, then subscripts the choice:
// (odd ? a : b)[tx][ty]. Both arrays hold the same shape.
// launch: rt39_select 2 32x8
__global__ void rt39_select(const int *in, int *out, int p) {
    __shared__ float a[32][32];
    __shared__ float b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
        b[j][tx] = (float)(in[(blockIdx.x * 1024 + j * 32 + tx + 7) & 4095] & 255);
    }
    __syncthreads();
    const bool odd = (tx & 1) != 0;
    float acc = (odd ? a : b)[tx][ty] + (odd ? b : a)[ty][tx];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt39_select<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
