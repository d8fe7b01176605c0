// A float4 tile written as vectors and read component-wise through a float
// pointer over the vector array.
// launch: rt20_vec 2 16x16
__global__ void rt20_vec(const int *in, int *out, int p) {
    __shared__ float4 v[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    const int *g = in + blockIdx.x * 1024 + tid * 4;
    v[ty][tx] = make_float4((float)(g[0] & 255), (float)(g[1] & 255), (float)(g[2] & 255), (float)(g[3] & 255));
    __syncthreads();
    float4 t = v[tx][ty];
    const float *flat = &v[0][0].x;
    float acc = t.x + 2.f * t.y + 3.f * t.z + 4.f * t.w + flat[(tid * 5) & 1023];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt20_vec<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
